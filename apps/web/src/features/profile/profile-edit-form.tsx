import { useState } from 'react';
import { Button, Group, Select, Skeleton, Stack } from '@mantine/core';
import { LANGUAGES, UNIT_SYSTEMS, type Language, type UnitSystem } from '@medida/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ownProfileKeys, saveOwnProfile, useOwnProfile, type fetchOwnProfile } from '../../lib/own-profile.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { sessionKeys } from '../../lib/session.ts';
import { ownProfileFields, PersonFields, usePersonForm, valuesFromUser } from '../people/index.ts';

/** POST /web/ingresoperfil: one's own data with the edit forms' rules, and the language for e-mails and reports. */
export function ProfileEditForm({ onDone }: { onDone: () => void }) {
  const query = useOwnProfile();
  if (!query.data) return <Skeleton h={360} />;
  return <EditForm key={query.data.id_usuario} data={query.data} onDone={onDone} />;
}

function EditForm({ data, onDone }: { data: Awaited<ReturnType<typeof fetchOwnProfile>>; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { form, validate, showSaveError } = usePersonForm('self', valuesFromUser(data));
  const [lang, setLang] = useState<Language>(data.lang);
  const [units, setUnits] = useState<UnitSystem>(data.units);
  const mutation = useMutation({
    // Only what sign-up asked is required here: language and units save alone (decision 185).
    mutationFn: () => saveOwnProfile({ ...ownProfileFields(form.getValues()), lang, units }),
    onSuccess: async () => {
      notifySuccess(t('messages.editedUser'), t('profile.saved'));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ownProfileKeys.own }),
        queryClient.invalidateQueries({ queryKey: sessionKeys.profiles() }),
      ]);
      onDone();
    },
    onError: (error) => showSaveError(error, 'messages.errorMessage'),
  });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (validate()) mutation.mutate();
      }}
      data-testid="profile-edit-form"
    >
      <Stack>
        <PersonFields form={form} kind="self" emailReadOnly />
        <Select
          label={t('profile.language')}
          description={t('profile.languageHint')}
          data={LANGUAGES.map((l) => ({ value: l, label: t(`consent.language.${l}`) }))}
          value={lang}
          onChange={(v) => v && setLang(v as Language)}
          allowDeselect={false}
          maw={320}
          data-testid="profile-lang"
        />
        <Select
          label={t('profile.units')}
          description={t('profile.unitsHint')}
          data={UNIT_SYSTEMS.map((u) => ({ value: u, label: t(`profile.unitSystem.${u}`) }))}
          value={units}
          onChange={(v) => v && setUnits(v as UnitSystem)}
          allowDeselect={false}
          maw={320}
          data-testid="profile-units"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={mutation.isPending} data-testid="profile-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
