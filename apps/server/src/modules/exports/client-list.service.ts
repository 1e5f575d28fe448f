import type { Language, ManagedUser } from '@medida/contracts';
import { tooManyRequests } from '../../lib/app-error.ts';
import { HOUR, MINUTE } from '../../lib/clock.ts';
import { translate } from '../../lib/i18n.ts';
import type { BlobStorage } from '../../lib/storage.ts';
import type { AppDeps } from '../../types.ts';
import { createPeopleService } from '../people/people.service.ts';
import { createRateLimitsService } from '../rate-limits/rate-limits.service.ts';

/** As many as report downloads (reports.service.ts): a list is one query, but it carries every client's data. */
const CLIENT_LIST_LIMITS = [
  { limit: 30, windowMs: MINUTE },
  { limit: 300, windowMs: HOUR },
];

/** Clients read per query. */
const PAGE = 500;

/** Excel opens a UTF-8 file as UTF-8 only when it starts with the byte order mark (accents stay accents). */
const BOM = '\uFEFF';

/**
 * Excel splits a CSV at its locale's list separator: `;` where the decimal separator is a comma (es, pt),
 * `,` in English. A file with the other one opens as a single column.
 */
const DELIMITER: Record<Language, string> = { es: ';', en: ',', pt: ';' };

const COLUMNS = [
  'nombre',
  'apellido',
  'email',
  'rut',
  'telefono',
  'nacimiento',
  'sexo',
  'pais',
  'region',
  'comuna',
  'company',
  'created_at',
] as const;

/**
 * One cell: a text a spreadsheet would run as a formula (= + - @, or a tab or carriage return that some
 * read as a separator before one) gets a leading `'` (OWASP "CSV injection"); quotes when it holds the
 * delimiter, a quote or a line break.
 */
export function csvCell(value: string, delimiter: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return safe.includes(delimiter) || /["\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function cellsOf(client: ManagedUser, lang: Language): Record<(typeof COLUMNS)[number], string> {
  const p = client.profile;
  return {
    nombre: p.nombre,
    apellido: p.apellido,
    email: p.email,
    rut: p.rut ?? '',
    telefono: p.telefono ?? '',
    nacimiento: p.nacimiento ?? '',
    sexo: p.sexo ? translate(lang, `clientList.sex.${p.sexo}`) : '',
    pais: p.pais ?? '',
    region: p.region ?? '',
    comuna: p.comuna ?? '',
    company: client.company?.name ?? '',
    // The day only (ISO: a spreadsheet reads it as a date in every locale).
    created_at: client.created_at.slice(0, 10),
  };
}

/**
 * GET /web/clients.csv (issue 30 item 16, decision 191): the acting professional's clients, the ones its list
 * shows (and only those), as a CSV in the reader's language: headers, sex, file name and delimiter.
 */
export function createClientListService(deps: AppDeps & { storage: BlobStorage }) {
  const people = createPeopleService(deps);
  const limits = createRateLimitsService(deps);
  return {
    async csv(a: { actorId: number; lang: Language; search?: string | undefined }) {
      const decision = await limits.consume('client-list-csv', String(a.actorId), CLIENT_LIST_LIMITS);
      if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds);
      // The list's own query, page by page: the same clients, in the same order, as the screen.
      const clients: ManagedUser[] = [];
      for (let total = Infinity; clients.length < total;) {
        const page = await people.listClients({
          actorId: a.actorId,
          parentId: a.actorId,
          limit: PAGE,
          skip: clients.length,
          search: a.search,
        });
        clients.push(...page.clients);
        total = page.clients.length ? page.total : clients.length;
      }
      const delimiter = DELIMITER[a.lang];
      const line = (cells: string[]) => cells.map((cell) => csvCell(cell, delimiter)).join(delimiter);
      const header = line(COLUMNS.map((column) => translate(a.lang, `clientList.columns.${column}`)));
      const rows = clients.map((client) => {
        const cells = cellsOf(client, a.lang);
        return line(COLUMNS.map((column) => cells[column]));
      });
      const day = deps.clock.now().toISOString().slice(0, 10);
      return {
        fileName: `${translate(a.lang, 'clientList.fileName')}-${day}.csv`,
        // RFC 4180: CRLF between records, one after the last.
        body: Buffer.from(BOM + [header, ...rows].map((row) => `${row}\r\n`).join(''), 'utf8'),
      };
    },
  };
}
