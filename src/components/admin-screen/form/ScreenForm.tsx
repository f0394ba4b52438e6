// A declared create or edit form (schemas/screens FormDeclaration) on rjsf with the Chakra theme: the
// current values loaded for an edit, choices fetched for API selects, the spec's validation sentences,
// then the call, the toast (or the problem dialog), and the way out after the declared delay.
import { Button, Card, Flex, Heading, Skeleton, Stack } from '@chakra-ui/react';
import Form from '@rjsf/chakra-ui';
import type { IChangeEvent } from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { homePathFor } from '../../../../schemas/roles';
import type { FormDeclaration } from '../../../../schemas/screens';
import { api, request } from '../../../api/client';
import { notify } from '../../../app/toaster';
import { session } from '../../../state/session';
import { ProblemDialog } from '../dialogs';
import { describeFailure } from '../failures';
import { buildRequest, canBuild, fill, type FillContext } from '../template';
import { SCREEN_QUERY } from '../useScreenList';
import { customValidate, pickFields, transformErrors, translateSchema, translateUi, type Choice } from './translate';
import { BaseInputTemplate, TextareaWidget } from './inputs';
import { formWidgets } from './widgets';

type Data = Record<string, unknown>;

export function ScreenForm({ form, mode }: { form: FormDeclaration; mode: 'create' | 'edit' }) {
  const m = form[mode];
  if (!m) throw new Error(`the form declares no ${mode} mode`);
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const snap = useSnapshot(session);
  const params = useParams();
  const fc: FillContext = { ctx: { workspaceId: snap.currentWorkspaceId, projectId: snap.currentProjectId }, params };
  const [data, setData] = useState<Data>({});
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ title: string; body: string } | null>(null);

  const optionEntries = Object.entries(form.options ?? {});
  const options = useQueries({
    queries: optionEntries.map(([field, o]) => {
      const ready = canBuild(o.call, fc);
      const req = ready ? buildRequest(o.call, fc) : undefined;
      return {
        queryKey: ['form-options', field, req?.path, req?.query],
        enabled: ready,
        queryFn: async (): Promise<Choice[]> => {
          const res = await api.get<unknown>(req!.path, { query: req!.query });
          const rows = (o.items ? (res as Data)[o.items] : res) as Data[];
          const exclude = o.excludeFirstRoles as readonly string[] | undefined;
          return rows
            .filter((r) => !exclude || !exclude.includes((r.roles as { name: string }[] | undefined)?.[0]?.name ?? ''))
            .map((r) => ({ value: r[o.value] as string | number, label: String(r[o.label] ?? '') }));
        },
      };
    }),
  });
  const choices = Object.fromEntries(
    optionEntries.map(([field, o], i) => [
      field,
      { items: options[i]?.data ?? [], loading: options[i]?.isLoading ?? false, emptyHint: o.emptyHint },
    ]),
  );

  const loadReq = m.load && canBuild(m.load, fc) ? buildRequest(m.load, fc) : undefined;
  const loaded = useQuery({
    queryKey: ['form-load', loadReq?.path],
    enabled: !!loadReq,
    queryFn: () => api.get<Data>(loadReq!.path, { query: loadReq!.query }),
  });
  useEffect(() => {
    if (loaded.data) setData(pickFields(form.schema, loaded.data));
  }, [loaded.data, form.schema]);

  const schema = useMemo(() => translateSchema(form.schema, t) as RJSFSchema, [form.schema, t]);
  const uiSchema = translateUi(form.uiSchema, t, choices) as UiSchema;

  function leave(result?: Data): void {
    const to = m!.after.to;
    if (to !== 'back') return void navigate(String(fill(to, { ...fc, ...(result ? { result } : {}) })));
    // Opened directly (a bookmark, a reload): there is no page to go back to, so go home.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    void (idx > 0 ? navigate(-1) : navigate(homePathFor(snap.roles)));
  }

  async function submit(e: IChangeEvent<Data>) {
    setBusy(true);
    try {
      const req = buildRequest(m!.call, { ...fc, form: e.formData ?? {} });
      const env = await request(req.method, req.path, { query: req.query, body: req.body });
      notify('success', m!.success ? t(m!.success) : env.message);
      await queryClient.invalidateQueries({ queryKey: [SCREEN_QUERY] });
      const result = env.data !== null && typeof env.data === 'object' ? (env.data as Data) : undefined;
      setTimeout(() => leave(result), m!.after.delayMs ?? 0);
    } catch (err) {
      setBusy(false);
      const f = describeFailure(err, t, m!);
      if ('dialog' in f) setProblem(f.dialog);
      else notify('error', f.toast.title, f.toast.description);
    }
  }

  return (
    <Card.Root maxW="2xl" w="full" data-testid={`form-${mode}`}>
      <Card.Header>
        <Heading as="h1" size="lg">
          {t(m.title)}
        </Heading>
      </Card.Header>
      <Card.Body>
        {loadReq && loaded.isLoading ? (
          <Stack gap="4">
            <Skeleton h="10" />
            <Skeleton h="24" />
          </Stack>
        ) : (
          <Form
            schema={schema}
            uiSchema={uiSchema}
            formData={data}
            onChange={(e) => setData(e.formData ?? {})}
            onSubmit={(e) => void submit(e)}
            validator={validator}
            widgets={{ ...formWidgets, TextareaWidget }}
            templates={{ BaseInputTemplate }}
            transformErrors={transformErrors(form, t)}
            customValidate={customValidate(form, t)}
            showErrorList={false}
            noHtml5Validate
            // An array with minItems must start empty, not with blank items rjsf would add to reach it.
            experimental_defaultFormStateBehavior={{ arrayMinItems: { populate: 'never' } }}
            disabled={busy}
          >
            <Flex gap="3" justify="flex-end" mt="6">
              <Button variant="outline" onClick={() => leave()} disabled={busy}>
                {t(m.cancel)}
              </Button>
              <Button type="submit" colorPalette="brand" loading={busy} data-testid="form-submit">
                {t(m.submit)}
              </Button>
            </Flex>
          </Form>
        )}
      </Card.Body>
      <ProblemDialog problem={problem} onClose={() => setProblem(null)} />
    </Card.Root>
  );
}
