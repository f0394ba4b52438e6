// Add or edit one respondent: the standard fields a person is usually added with, and the list's own
// columns. The server checks phone (libphonenumber), e-mail (the member rule) and the key; its refusal
// is shown under the form. A guest never reaches this dialog; contact fields are left out when hidden.
import { Input, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Beneficiary, BeneficiaryInput, BeneficiaryTable } from '../../../schemas/beneficiaries';
import { genders } from '../../../schemas/common';
import { ApiError } from '../../api/client';
import { notify } from '../../app/toaster';
import { AppDialog } from '../../components/AppDialog';
import { DialogActions, FormField, Options, SelectControl } from '../../components/FormField';
import { firstProblemText } from '../../i18n';
import { respondentsApi } from './api';
import { genderLabel } from './fields';

const TEXT_FIELDS = ['idNumber', 'fullName', 'phone', 'email', 'district', 'intervention', 'type'] as const;
type TextField = (typeof TEXT_FIELDS)[number];

export function PersonDialog(p: {
  table: BeneficiaryTable;
  person: Beneficiary | null;
  contactsHidden: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const fields = TEXT_FIELDS.filter((f) => !(p.contactsHidden && (f === 'phone' || f === 'email')));
  const [values, setValues] = useState<Record<TextField, string>>(
    () => Object.fromEntries(TEXT_FIELDS.map((f) => [f, p.person?.[f] ?? ''])) as Record<TextField, string>,
  );
  const [gender, setGender] = useState(p.person?.gender === null || p.person?.gender === undefined ? '' : String(p.person.gender));
  const [custom, setCustom] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      p.table.columns.map((c) => [
        c.key,
        p.person?.custom[c.key] === undefined || p.person.custom[c.key] === null ? '' : String(p.person.custom[c.key]),
      ]),
    ),
  );
  const [error, setError] = useState('');
  const save = useMutation({
    mutationFn: () => {
      const input: BeneficiaryInput = {
        ...Object.fromEntries(
          fields.map((f) => [
            f,
            values[f].trim() === '' ? (f === 'district' || f === 'intervention' || f === 'type' ? '' : null) : values[f].trim(),
          ]),
        ),
        gender: gender === '' ? null : (Number(gender) as 0 | 1 | 2),
        ...(p.table.columns.length
          ? {
              custom: Object.fromEntries(
                p.table.columns.map((c) => [
                  c.key,
                  custom[c.key]?.trim() ? (c.type === 'number' ? Number(custom[c.key]) : custom[c.key]!.trim()) : null,
                ]),
              ),
            }
          : {}),
      };
      return p.person ? respondentsApi.edit(p.person.id, input) : respondentsApi.add(p.table.id, input);
    },
    onSuccess: () => {
      notify('success', t(p.person ? 'respondents.saved' : 'respondents.added'));
      p.onSaved();
      p.onClose();
    },
    onError: (e) => setError(e instanceof ApiError ? firstProblemText(e) : t('respondents.saveFailed')),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError('');
    save.mutate();
  };
  return (
    <AppDialog
      open
      onClose={p.onClose}
      testId="person-dialog"
      title={t(p.person ? 'respondents.editTitle' : 'respondents.addTitle')}
      scroll
      footer={
        <DialogActions
          onCancel={p.onClose}
          cancelText={t('common.cancel')}
          submitText={t('respondents.save')}
          busy={save.isPending}
          submitTestId="person-save"
          form="person-form"
        />
      }
    >
      <form id="person-form" onSubmit={submit} noValidate>
        <Stack gap="3">
          {fields.map((f) => (
            <FormField key={f} label={t(`respondents.fields.${f}`)} required={f === p.table.keyField}>
              <Input
                value={values[f]}
                type={f === 'email' ? 'email' : f === 'phone' ? 'tel' : 'text'}
                onChange={(e) => {
                  const v = e.currentTarget.value;
                  setValues((s) => ({ ...s, [f]: v }));
                }}
                data-testid={`person-${f}`}
              />
            </FormField>
          ))}
          <FormField label={t('respondents.fields.gender')}>
            <SelectControl value={gender} onChange={setGender} testId="person-gender">
              <option value="">—</option>
              <Options items={Object.values(genders).map((g) => ({ value: String(g), label: genderLabel(t, g) }))} />
            </SelectControl>
          </FormField>
          {p.table.columns.map((c) => (
            <FormField key={c.key} label={c.label}>
              {c.type === 'choice' ? (
                <SelectControl value={custom[c.key] ?? ''} onChange={(v) => setCustom((s) => ({ ...s, [c.key]: v }))}>
                  <option value="">—</option>
                  <Options items={(c.choices ?? []).map((x) => ({ value: x, label: x }))} />
                </SelectControl>
              ) : (
                <Input
                  value={custom[c.key] ?? ''}
                  type={c.type === 'number' ? 'number' : c.type === 'date' ? 'date' : 'text'}
                  onChange={(e) => {
                    const v = e.currentTarget.value;
                    setCustom((s) => ({ ...s, [c.key]: v }));
                  }}
                />
              )}
            </FormField>
          ))}
          {error && (
            <Text color="red.600" role="alert" data-testid="person-error">
              {error}
            </Text>
          )}
        </Stack>
      </form>
    </AppDialog>
  );
}
