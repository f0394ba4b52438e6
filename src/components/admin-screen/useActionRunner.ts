// Runs a declared action: asks for confirmation when declared, makes the call, shows the toast or the
// problem dialog, and refreshes every list on screen (a restore in a dialog refreshes the list behind).
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Action } from '../../../schemas/screens';
import { request } from '../../api/client';
import { notify } from '../../app/toaster';
import { effects } from './effects';
import { describeFailure } from './failures';
import { buildRequest, fill, type FillContext } from './template';
import { SCREEN_QUERY, type Row } from './useScreenList';

interface Pending {
  action: Action;
  row?: Row | undefined;
  selection?: readonly string[] | undefined;
}

export function useActionRunner(base: FillContext, roles: readonly string[], opts: { onCalled?: (a: Action) => void } = {}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ title: string; body: string } | null>(null);
  const [dialogScreen, setDialogScreen] = useState<string | null>(null);
  const [projectTypesOpen, setProjectTypesOpen] = useState(false);

  async function execute({ action, row, selection }: Pending): Promise<void> {
    const c: FillContext = { ...base, row, ...(selection ? { selection } : {}) };
    const run = action.run;
    if (run.kind === 'navigate') return void navigate(String(fill(run.to, c)));
    if (run.kind === 'effect')
      return effects[run.effect]({ navigate, roles, openProjectTypes: () => setProjectTypesOpen(true), notify, t: (key) => t(key) }, row);
    if (run.kind === 'dialog') return setDialogScreen(run.screen);
    setBusy(true);
    try {
      const req = buildRequest(run.call, c);
      const env = await request(req.method, req.path, { query: req.query, ...(req.body !== undefined ? { body: req.body } : {}) });
      const text = action.success ? t(action.success) : env.message;
      if (text) notify('success', text);
      opts.onCalled?.(action);
      await queryClient.invalidateQueries({ queryKey: [SCREEN_QUERY] });
    } catch (err) {
      const f = describeFailure(err, t, action);
      if ('dialog' in f) setProblem(f.dialog);
      else notify('error', f.toast.title, f.toast.description);
    } finally {
      setBusy(false);
      setPending(null);
    }
  }

  return {
    busy,
    pending,
    problem,
    dialogScreen,
    projectTypesOpen,
    start(action: Action, row?: Row, selection?: readonly string[]) {
      const p = { action, row, selection };
      if (action.confirm) setPending(p);
      else void execute(p);
    },
    confirm: () => pending && void execute(pending),
    cancel: () => !busy && setPending(null),
    closeProblem: () => setProblem(null),
    closeDialogScreen: () => setDialogScreen(null),
    closeProjectTypes: () => setProjectTypesOpen(false),
  };
}
