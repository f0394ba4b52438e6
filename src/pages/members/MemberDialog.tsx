// The member dialogs (spec 001 sections 2 "Member management", 5 "Member forms"): 'Add new member'
// with its tabs, Edit Member and Preview Member. The rules are engine/validation/member.ts and the role
// options schemas/members.ts roleOptionsFor; the server enforces both again.
import { Button, DataList, Field, Flex, Input, NativeSelect, Stack, Tabs, Text } from '@chakra-ui/react';
import type { WidgetProps } from '@rjsf/utils';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { validateMember, type MemberDraft, type MemberField, type MemberMessage } from '../../../engine/validation/member';
import { LOOKUPS_API } from '../../../schemas/lookups';
import { MEMBERS_API, genderCodes, roleOptionsFor, type MemberDetail, type MemberFormPage } from '../../../schemas/members';
import { roleByName, roleById } from '../../../schemas/roles';
import { WORKSPACES_API } from '../../../schemas/workspaces';
import { call } from '../../api/call';
import { ApiError } from '../../api/client';
import { notify } from '../../app/toaster';
import { AppDialog } from '../../components/AppDialog';
import { ApiMultiSelectWidget, ApiSelectWidget } from '../../components/admin-screen/form/widgets';
import type { Choice } from '../../components/admin-screen/form/translate';
import { SCREEN_QUERY } from '../../components/admin-screen/useScreenList';
import { firstProblemText } from '../../i18n';
import { session } from '../../state/session';
import { BulkUpload } from './BulkUpload';

export type MemberDialogMode = { kind: 'add' } | { kind: 'edit'; id: string } | { kind: 'preview'; id: string };

const lookups = {
  languages: () => call(LOOKUPS_API.getAll),
  countries: () => call(LOOKUPS_API.getAllCountries),
  workspaces: () => call(WORKSPACES_API.getMyWorkspaces, { query: { pageSize: 1000 } }).then((d) => d.workspaces),
};

function useChoices(key: keyof typeof lookups, enabled = true): { items: Choice[]; loading: boolean } {
  const q = useQuery<{ id: number | string; name: string }[]>({
    queryKey: ['member-lookup', key],
    queryFn: lookups[key],
    enabled,
    staleTime: 10 * 60_000,
  });
  return { items: (q.data ?? []).map((r) => ({ value: r.id, label: r.name })), loading: q.isLoading };
}

/** The admin-screen select widgets, outside rjsf: they take the few props they read. */
function select(
  multi: boolean,
  o: {
    id: string;
    label: string;
    value: unknown;
    onChange: (v: unknown) => void;
    choices: Choice[];
    loading: boolean;
    placeholder: string;
    invalid: boolean;
    disabled?: boolean;
  },
) {
  const props = {
    id: o.id,
    name: o.id,
    label: o.label,
    value: o.value,
    onChange: o.onChange,
    required: true,
    disabled: !!o.disabled,
    readonly: false,
    placeholder: o.placeholder,
    rawErrors: o.invalid ? ['x'] : [],
    options: { choices: o.choices, loading: o.loading, placeholder: o.placeholder, inDialog: true },
  } as unknown as WidgetProps;
  return multi ? <ApiMultiSelectWidget {...props} /> : <ApiSelectWidget {...props} />;
}

function FieldError({ id, message }: { id: string; message: MemberMessage | undefined }) {
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <Text color="red.700" fontSize="sm" mt="-1" id={`${id}-error`} data-testid={`error-${id}`} role="alert">
      {t(`memberManagement.form.errors.${message}`)}
    </Text>
  );
}

function MemberForm({
  page,
  mode,
  member,
  onDone,
  onCancel,
}: {
  page: MemberFormPage;
  mode: 'add' | 'edit';
  member?: MemberDetail;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const snap = useSnapshot(session);
  const queryClient = useQueryClient();
  const languages = useChoices('languages');
  const countries = useChoices('countries');
  const adminPage = page === 'admin';
  const workspaces = useChoices('workspaces', adminPage);
  const roleFixed = page === 'enumerators';
  const offered = roleOptionsFor(page, snap.roles);
  // Editing keeps the member's current role among the options, and one's own role cannot change.
  const roleChoices: Choice[] = [...new Set([...offered.map((r) => roleByName(r)!.id), ...(member ? [member.roleId] : [])])].map((id) => ({
    value: id,
    label: t(`roles.${roleById(id)?.name ?? ''}`),
  }));
  const [d, setD] = useState<MemberDraft>(() =>
    member
      ? {
          fullName: member.fullName,
          email: member.email,
          roleId: member.roleId,
          languages: member.languages,
          locationId: member.locationId ?? undefined,
          gender: member.gender ?? undefined,
          workspaceIds: member.workspaceIds,
        }
      : { roleId: roleFixed ? roleByName('DataCollector')!.id : undefined, languages: [], workspaceIds: [] },
  );
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);
  const errors = validateMember(d, { mode, workspaces: adminPage, roleFixed });
  const err = (f: MemberField) => (shown ? errors[f] : undefined);
  const set = (patch: Partial<MemberDraft>) => setD((prev) => ({ ...prev, ...patch }));

  async function submit() {
    setShown(true);
    if (Object.keys(errors).length) return;
    setBusy(true);
    // Every field below is one validateMember has checked (or, the role on the enumerators page, preset).
    const body = {
      fullName: d.fullName!.trim(),
      email: d.email!.trim(),
      roleId: d.roleId!,
      languages: [...d.languages!],
      locationId: d.locationId!,
      gender: genderCodes.find((g) => g === d.gender)!,
      ...(adminPage ? { workspaceIds: [...d.workspaceIds!] } : { projectId: snap.currentProjectId! }),
    };
    try {
      await (member ? call(MEMBERS_API.edit, { body: { ...body, id: member.id } }) : call(MEMBERS_API.add, { body }));
      notify(
        'success',
        t(mode === 'edit' ? 'memberManagement.updated' : roleFixed ? 'memberManagement.addedCollector' : 'memberManagement.added', {
          name: body.fullName,
        }),
      );
      await queryClient.invalidateQueries({ queryKey: [SCREEN_QUERY] });
      onDone();
    } catch (e) {
      // The first error the server named, else the spec's 'Something went wrong'.
      const first = e instanceof ApiError ? firstProblemText(e) : '';
      notify('error', first || t('memberManagement.failed'));
      setBusy(false);
    }
  }

  const described = (f: MemberField) => (err(f) ? { 'aria-describedby': `${f}-error`, 'aria-invalid': true } : {});
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      data-testid={`member-form-${mode}`}
    >
      <Stack gap="3">
        <Field.Root required invalid={!!err('fullName')}>
          <Field.Label>
            {t('memberManagement.form.fullName')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            value={d.fullName ?? ''}
            maxLength={200}
            onChange={(e) => set({ fullName: e.currentTarget.value })}
            data-testid="field-fullName"
            {...described('fullName')}
          />
        </Field.Root>
        <FieldError id="fullName" message={err('fullName')} />
        <Field.Root required invalid={!!err('email')} disabled={mode === 'edit'}>
          <Field.Label>
            {t('memberManagement.form.email')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            type="email"
            dir="ltr"
            value={d.email ?? ''}
            maxLength={254}
            onChange={(e) => set({ email: e.currentTarget.value })}
            data-testid="field-email"
            {...described('email')}
          />
        </Field.Root>
        <FieldError id="email" message={err('email')} />
        {select(true, {
          id: 'languages',
          label: t('memberManagement.form.languages'),
          value: d.languages,
          onChange: (v) => set({ languages: (v as number[] | undefined) ?? [] }),
          ...languages,
          choices: languages.items,
          placeholder: t('memberManagement.form.languagesPlaceholder'),
          invalid: !!err('languages'),
        })}
        <FieldError id="languages" message={err('languages')} />
        <Field.Root required invalid={!!err('gender')}>
          <Field.Label>
            {t('memberManagement.form.gender')}
            <Field.RequiredIndicator />
          </Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={d.gender === undefined ? '' : String(d.gender)}
              onChange={(e) => set({ gender: e.currentTarget.value === '' ? undefined : Number(e.currentTarget.value) })}
              data-testid="field-gender"
              {...described('gender')}
            >
              <option value="">{t('memberManagement.form.choose')}</option>
              {genderCodes.map((g) => (
                <option key={g} value={g}>
                  {t(`memberManagement.genders.${g}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <FieldError id="gender" message={err('gender')} />
        {select(false, {
          id: 'locationId',
          label: t('memberManagement.form.location'),
          value: d.locationId,
          onChange: (v) => set({ locationId: v === undefined ? undefined : Number(v) }),
          ...countries,
          choices: countries.items,
          placeholder: t('memberManagement.form.locationPlaceholder'),
          invalid: !!err('locationId'),
        })}
        <FieldError id="locationId" message={err('locationId')} />
        {adminPage && (
          <>
            {select(true, {
              id: 'workspaceIds',
              label: t('memberManagement.form.workspaces'),
              value: d.workspaceIds,
              onChange: (v) => set({ workspaceIds: (v as string[] | undefined) ?? [] }),
              ...workspaces,
              choices: workspaces.items,
              placeholder: t('memberManagement.form.workspacesPlaceholder'),
              invalid: !!err('workspaceIds'),
            })}
            <FieldError id="workspaceIds" message={err('workspaceIds')} />
          </>
        )}
        <Field.Root required invalid={!!err('roleId')} disabled={roleFixed || !!member?.isSelf}>
          <Field.Label>
            {t('memberManagement.form.role')}
            <Field.RequiredIndicator />
          </Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={d.roleId === undefined ? '' : String(d.roleId)}
              onChange={(e) => set({ roleId: e.currentTarget.value === '' ? undefined : Number(e.currentTarget.value) })}
              data-testid="field-roleId"
              {...described('roleId')}
            >
              <option value="">{t('memberManagement.form.choose')}</option>
              {roleChoices.map((r) => (
                <option key={r.value} value={r.value}>
                  {r.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {member?.isSelf ? (
            <Field.HelperText>{t('memberManagement.form.ownRole')}</Field.HelperText>
          ) : (
            <Field.HelperText>{t('memberManagement.form.roleHelp')}</Field.HelperText>
          )}
        </Field.Root>
        <FieldError id="roleId" message={err('roleId')} />
        <Flex gap="3" justify="flex-end" mt="2">
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" colorPalette="brand" loading={busy} data-testid="member-submit">
            {t(mode === 'add' ? 'memberManagement.form.add' : 'memberManagement.form.save')}
          </Button>
        </Flex>
      </Stack>
    </form>
  );
}

function Preview({ member }: { member: MemberDetail }) {
  const { t } = useTranslation();
  const rows: [string, ReactNode][] = [
    ['memberManagement.form.fullName', <bdi key="n">{member.fullName}</bdi>],
    ['memberManagement.form.email', <bdi key="e">{member.email}</bdi>],
    ['memberManagement.form.role', t(`roles.${member.role}`)],
    ['memberManagement.form.gender', member.gender === null ? '—' : t(`memberManagement.genders.${member.gender}`)],
    ['memberManagement.form.languages', member.selectedLanguages.map((l) => l.name).join(', ') || '—'],
    ['memberManagement.form.location', member.location ?? '—'],
    ['memberManagement.form.workspaces', <bdi key="w">{member.workspaces.map((w) => w.name).join(', ') || '—'}</bdi>],
  ];
  return (
    <DataList.Root orientation="horizontal" data-testid="member-preview">
      {rows.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel>{t(label)}</DataList.ItemLabel>
          <DataList.ItemValue>{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

export function MemberDialog({
  page,
  mode,
  onClose,
  onAdded,
}: {
  page: MemberFormPage;
  mode: MemberDialogMode | null;
  onClose: () => void;
  onAdded?: () => void;
}) {
  const { t } = useTranslation();
  const id = mode && mode.kind !== 'add' ? mode.id : undefined;
  const member = useQuery({ queryKey: ['member', id], enabled: !!id, queryFn: () => call(MEMBERS_API.getById, { params: { id: id! } }) });
  const [tab, setTab] = useState('one');
  useEffect(() => setTab('one'), [mode?.kind]);
  const title = !mode
    ? ''
    : mode.kind === 'add'
      ? t('memberManagement.form.addTitle')
      : mode.kind === 'edit'
        ? t('memberManagement.form.editTitle')
        : t('memberManagement.form.previewTitle');
  const done = () => (mode?.kind === 'add' && onAdded ? onAdded() : onClose());

  let body: ReactNode = null;
  if (mode?.kind === 'add') {
    body = (
      <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)} variant="line">
        <Tabs.List mb="4">
          <Tabs.Trigger value="one" data-testid="tab-one">
            {t('memberManagement.form.tabOne')}
          </Tabs.Trigger>
          <Tabs.Trigger value="many" data-testid="tab-many">
            {t('memberManagement.form.tabMany')}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="one">
          <MemberForm page={page} mode="add" onDone={done} onCancel={onClose} />
        </Tabs.Content>
        <Tabs.Content value="many">
          <BulkUpload page={page} onDone={done} onCancel={onClose} />
        </Tabs.Content>
      </Tabs.Root>
    );
  } else if (mode && member.data) {
    body =
      mode.kind === 'edit' ? (
        <MemberForm page={page} mode="edit" member={member.data} onDone={onClose} onCancel={onClose} />
      ) : (
        <Preview member={member.data} />
      );
  } else if (mode && member.isError) {
    body = <Text>{t('memberManagement.failed')}</Text>;
  } else if (mode) {
    body = <Text>{t('adminScreen.loading')}</Text>;
  }
  return (
    <AppDialog
      open={!!mode}
      onClose={onClose}
      testId="member-dialog"
      title={title}
      size="lg"
      scroll
      contentProps={{ mx: '3', maxW: '700px' }}
    >
      {body}
    </AppDialog>
  );
}
