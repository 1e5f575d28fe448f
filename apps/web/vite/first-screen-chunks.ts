import path from 'node:path';
import { build, type InlineConfig, type Rolldown } from 'vite';

type CodeSplittingGroup = Rolldown.CodeSplittingGroup;
type OutputChunk = Rolldown.OutputChunk;

/** The screens whose chunks are merged, and the public pages whose chunks must stay out of the merge. */
export interface SignedInScreens {
  /** The signed-in layout's module (relative to the app's root). */
  layout: string;
  /** Each signed-in first screen's page module, by the chunk name it gets. */
  pages: Record<string, string>;
  /**
   * What Login can load (its page, the entry's lazy parts: overlays, language menu, schemas): these chunks never
   * join the groups, so Login never imports them (its budget, decision 108).
   */
  loginPage: string[];
  /** The other public pages: what they share with the signed-in screens goes into one `forms` chunk. */
  publicPages: string[];
  /**
   * The page (a key of `pages`) whose first screen `forms` and `shell` are cut for: what only the other screens
   * load of them goes into `fields` (Select, Checkbox, @mantine/form) and `shell-pages` (Menu, …).
   */
  lightest: string;
  /**
   * The page (a key of `pages`) whose first screen the dashboard's leftovers are cut for in turn: what it does not
   * load of `signed-in-pages`, `fields` and `shell-pages` goes into `*-more` chunks that only the other screens load.
   */
  second: string;
  /**
   * Lazy parts of a page (by its key) that its first screen loads at once after its answer or its first paint (the
   * detail's ISAK card and later cards): what they share with another page counts as shared by both pages (in
   * `signed-in-*`), not as that other page's own (its chunk would then be theirs to load).
   */
  lazyParts?: Record<string, string[]>;
}

/**
 * One chunk for the signed-in layout and one per first screen's page (issue 11, decision 164), instead of ~80
 * small shared chunks: on HTTP/1.1 (6 connections) each file costs a round trip before the dashboard shows.
 *
 * Which modules a screen needs is what rolldown itself decides, so the plan comes from a first build with the
 * entry's group only (`write: false`): the chunks each screen's chunk imports statically hold exactly the
 * modules it runs (a module graph walk would follow the libraries' barrels into all of Mantine). The second
 * build captures those modules by id:
 * - `signed-in`: the layout's chunks, and the chunks two of these pages share;
 * - one group per page: its chunks that neither the layout nor another page load;
 * - `shell`: what Login loads only after its first screen (overlays, its API module, the language menu) and
 *   the signed-in screens load at once;
 * - `forms`: what they share with the other public pages (registration's forms), so those do not load the rest;
 * - `fields`, `shell-pages` and `signed-in-pages`: the parts of `forms`, `shell` and `signed-in` that the dashboard
 *   does not load (decisions 171 and 215), and of these, in `fields-more`, `shell-more` and `signed-in-more`, what
 *   the evaluation's detail does not load at first either (its lazy parts, the other screens' forms and dialogs);
 * - `controls`: Login's first-screen chunks that the signed-in screens load too (one file instead of four);
 * - never what Login can load (its budget, decision 108: it must not import `signed-in`), nor the entry's own
 *   chunk (the `first-screen` group has it).
 * A screen therefore loads the same code as before in fewer files; a lazy chunk that used a part of `signed-in`
 * now imports all of it, which only the signed-in screens do.
 */
export async function signedInChunkGroups(
  root: string,
  screens: SignedInScreens,
  firstPass: InlineConfig,
): Promise<CodeSplittingGroup[]> {
  const output = await build({
    ...firstPass,
    configFile: false,
    logLevel: 'silent',
    build: { ...firstPass.build, write: false },
  });
  const outputs = (Array.isArray(output) ? output : [output]) as Rolldown.RolldownOutput[];
  const chunks = outputs.flatMap((o) => o.output).filter((item): item is OutputChunk => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const chunkOf = (file: string) => {
    const id = path.join(root, file);
    const found = chunks.find((chunk) => chunk.facadeModuleId === id);
    if (!found) throw new Error(`medida-signed-in-chunks: no chunk for ${file}`);
    return found;
  };
  /**
   * A chunk and what it imports statically (and, with `dynamic`, on first use, except through the entry, which
   * reaches every route), as chunk files.
   */
  const loads = (start: OutputChunk, dynamic = false): Set<string> => {
    const seen = new Set<string>();
    const visit = (chunk: OutputChunk) => {
      if (seen.has(chunk.fileName)) return;
      seen.add(chunk.fileName);
      for (const file of dynamic && !chunk.isEntry ? [...chunk.imports, ...chunk.dynamicImports] : chunk.imports) {
        const next = byFile.get(file);
        if (next) visit(next);
      }
    };
    visit(start);
    return seen;
  };

  const entry = chunks.find((chunk) => chunk.isEntry);
  const login = screens.loginPage.flatMap((file) => [...loads(chunkOf(file), true)]);
  const [loginPage] = screens.loginPage;
  if (loginPage === undefined) throw new Error('medida-signed-in-chunks: no login page module');
  const loginChunk = chunkOf(loginPage);
  const loginFirst = loads(loginChunk);
  const otherPublic = screens.publicPages.map((file) => loads(chunkOf(file), true));
  const excluded = new Set([...(entry ? loads(entry) : []), ...login]);
  const publicFiles = new Set(otherPublic.flatMap((files) => [...files]).filter((file) => !excluded.has(file)));
  const wanted = (files: Set<string>) => new Set([...files].filter((file) => !excluded.has(file)));
  const layout = wanted(loads(chunkOf(screens.layout)));
  const pages = Object.entries(screens.pages).map(([name, file]) => [name, wanted(loads(chunkOf(file)))] as const);
  const reach = new Map(
    pages.map(([name, files]) => [
      name,
      new Set([...files, ...(screens.lazyParts?.[name] ?? []).flatMap((file) => [...wanted(loads(chunkOf(file)))])]),
    ]),
  );
  const sharedPages = new Set(
    pages
      .flatMap(([, files]) => [...files])
      .filter((file) => pages.filter(([name]) => reach.get(name)!.has(file)).length > 1),
  );
  const modulesOf = (files: Iterable<string>) => new Set([...files].flatMap((file) => byFile.get(file)!.moduleIds));
  const signedInFiles = [...layout, ...sharedPages];
  const signedIn = modulesOf(signedInFiles.filter((file) => !publicFiles.has(file)));
  // What the signed-in screens share with the other public pages (registration's forms): one chunk of its own.
  // What Login loads after its first screen (overlays, its API module, the language menu) and the signed-in
  // screens load at once: one `shell` chunk instead of a dozen (Login's first screen does not wait for it).
  const signedInLoads = new Set([
    ...loads(chunkOf(screens.layout)),
    ...Object.values(screens.pages).flatMap((page) => [...loads(chunkOf(page))]),
  ]);
  const entryLoads = entry ? loads(entry) : new Set<string>();
  const shell = modulesOf(
    [...new Set(login)].filter((file) => !loginFirst.has(file) && !entryLoads.has(file) && signedInLoads.has(file)),
  );
  const forms = modulesOf(
    [...signedInFiles, ...pages.flatMap(([, files]) => [...files])].filter((file) => publicFiles.has(file)),
  );

  // The lightest screen (the dashboard) loads only its part of `forms` (the grid, dates: 4.5 kB brotli of 19) and of
  // `shell` (46.5 of 60); the screens with forms or menus load both parts (one more file each).
  const lightestPage = screens.pages[screens.lightest];
  if (!lightestPage) throw new Error(`medida-signed-in-chunks: no page ${screens.lightest}`);
  const lightest = modulesOf(new Set([...loads(chunkOf(screens.layout)), ...loads(chunkOf(lightestPage))]));
  const [lightForms, otherForms] = split(forms, (id) => lightest.has(id));
  // Likewise `signed-in`: what the other first screens share (the domain's equations and labels, the evaluation and
  // people contracts) goes into `signed-in-pages`, which the dashboard does not load (decision 215).
  const [lightSignedIn, otherSignedIn] = split(signedIn, (id) => lightest.has(id));
  const [lightShell, otherShell] = split(shell, (id) => lightest.has(id));
  // What the dashboard leaves, cut again for the second screen (the evaluation's detail: List with the page, Select
  // and Modal with the other screens and the dialogs), so that it loads only its own part of each (decision 215).
  const secondPage = screens.pages[screens.second];
  if (!secondPage) throw new Error(`medida-signed-in-chunks: no page ${screens.second}`);
  const second = modulesOf(new Set([...loads(chunkOf(screens.layout)), ...loads(chunkOf(secondPage))]));
  const [secondSignedIn, moreSignedIn] = split(otherSignedIn, (id) => second.has(id));
  const [secondForms, moreForms] = split(otherForms, (id) => second.has(id));
  const [secondShell, moreShell] = split(otherShell, (id) => second.has(id));

  // Login's first-screen chunks that the signed-in screens load too (Input, ActionIcon, two hooks: 9 kB brotli in
  // four files) in one `controls` chunk: the same bytes for both, three requests fewer.
  const loginShared = modulesOf(
    [...loginFirst].filter((file) => file !== loginChunk.fileName && !entryLoads.has(file) && signedInLoads.has(file)),
  );

  // Login's own first-screen chunks (its page, PasswordInput, Divider, two icons) in one file: four requests fewer
  // on a page whose budget counts each response's headers (decision 215).
  const loginOwn = modulesOf(
    [...loginFirst].filter((file) => !entryLoads.has(file) && !signedInLoads.has(file) && !loginShared.has(file)),
  );

  return [
    { name: 'login-page', test: (id) => loginOwn.has(id), priority: 2, includeDependenciesRecursively: false },
    { name: 'controls', test: (id) => loginShared.has(id), priority: 2, includeDependenciesRecursively: false },
    { name: 'signed-in', test: (id) => lightSignedIn.has(id), priority: 2, includeDependenciesRecursively: false },
    {
      name: 'signed-in-pages',
      test: (id) => secondSignedIn.has(id),
      priority: 2,
      includeDependenciesRecursively: false,
    },
    { name: 'signed-in-more', test: (id) => moreSignedIn.has(id), priority: 2, includeDependenciesRecursively: false },
    { name: 'forms', test: (id) => lightForms.has(id), priority: 2, includeDependenciesRecursively: false },
    { name: 'fields', test: (id) => secondForms.has(id), priority: 2, includeDependenciesRecursively: false },
    { name: 'fields-more', test: (id) => moreForms.has(id), priority: 2, includeDependenciesRecursively: false },
    { name: 'shell', test: (id) => lightShell.has(id), priority: 2, includeDependenciesRecursively: false },
    { name: 'shell-pages', test: (id) => secondShell.has(id), priority: 2, includeDependenciesRecursively: false },
    { name: 'shell-more', test: (id) => moreShell.has(id), priority: 2, includeDependenciesRecursively: false },
    ...pages.map(([name, files]) => {
      const own = modulesOf(
        [...files].filter((file) => !layout.has(file) && !sharedPages.has(file) && !publicFiles.has(file)),
      );
      return { name, test: (id: string) => own.has(id), priority: 1, includeDependenciesRecursively: false };
    }),
  ];
}

/** The ids that pass `test`, and the others. */
function split(ids: Set<string>, test: (id: string) => boolean): [Set<string>, Set<string>] {
  return [new Set([...ids].filter(test)), new Set([...ids].filter((id) => !test(id)))];
}
