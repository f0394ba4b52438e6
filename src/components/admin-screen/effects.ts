// The named behaviours a declaration can ask for beyond a call (schemas/screens/types.ts EffectName).
// One implementation each; a declaration names them, no screen re-implements them.
import type { NavigateFunction } from 'react-router';
import type { EffectName } from '../../../schemas/screens';
import { session } from '../../state/session';
import type { Row } from './useScreenList';

export interface EffectApi {
  navigate: NavigateFunction;
  roles: readonly string[];
  openProjectTypes: () => void;
  /** A toast of a text already in the user's language. */
  notify: (kind: 'success' | 'info', text: string) => void;
  t: (key: string) => string;
}

export const effects: Record<EffectName, (api: EffectApi, row?: Row) => void> = {
  // Choosing a card stores the workspace, clears the project, then a DataCollector goes to its tasks
  // and everyone else to the projects (spec 000 "Authenticated entry").
  chooseWorkspace: (api, row) => {
    session.currentWorkspaceId = String(row?.id ?? '');
    session.currentProjectId = null;
    void api.navigate(api.roles.includes('DataCollector') ? '/tasks' : '/project-selection');
  },
  chooseProject: (api, row) => {
    session.currentProjectId = String(row?.id ?? '');
    void api.navigate('/dashboard');
  },
  chooseProjectType: (api) => api.openProjectTypes(),
  copyPublicLink: (api, row) => {
    const link = new URL(String(row?.publicLink ?? ''), window.location.origin).href;
    navigator.clipboard.writeText(link).then(
      () => api.notify('success', api.t('surveys.linkCopied')),
      // No clipboard (an insecure origin, a refused permission): show the link to copy by hand.
      () => api.notify('info', link),
    );
  },
};
