// What an admin screen declaration says. One generic screen component renders any of these: the list
// (table or cards), search, pagination, selection, row and toolbar actions with their confirm dialogs,
// the create and edit forms (JSON Schema + UI schema for rjsf), and the toasts. Pure data: texts are
// i18n keys, calls are declared calls with placeholders, behaviours beyond a call are named effects.
import type { Endpoint } from '../endpoint';
import type { ProblemCode } from '../problems';
import type { RoleName } from '../roles';

export type JsonSchema = Readonly<Record<string, unknown>>;

/**
 * A placeholder in a path, query or body value, filled when the call is made:
 *   {row.<field>}   the row the action is on        {ctx.workspaceId} {ctx.projectId}  the session's choice
 *   {param.<name>}  a route parameter               a trailing |number makes the value a number
 *   {result.<field>} the data of the call just made (a form's `after.to`: the new item's id)
 */
export type Template = string;

export interface ApiCall {
  /** The call, by its declaration (schemas/endpoint.ts): its method and path are read from there. */
  endpoint: Endpoint;
  /** The declared path's `:name` parameters, each one whole placeholder (`{row.id}`). */
  params?: Readonly<Record<string, Template>>;
  query?: Readonly<Record<string, Template | number | boolean>>;
  /**
   * 'selection': the selected rows' ids as a JSON array. 'form': the form's data, with `fields` added.
   * An object: a body built from placeholders.
   */
  body?:
    | 'selection'
    | { form: true; fields?: Readonly<Record<string, Template | number | boolean>> }
    | Readonly<Record<string, Template | number | boolean>>;
}

export interface ListSource {
  call: ApiCall;
  /** The key of the list in the answer's data ('' when data is the list itself). */
  items: string;
  /** The key of the total, when the server pages. */
  total?: string;
  rowKey: string;
}

export type ColumnKind =
  | 'text' // the field as it is
  | 'person' // an object with fullName
  | 'count' // a number, or the length of a list
  | 'names' // a list of objects with name, joined
  | 'roles' // a list of { name } roles, shown with their translated names
  | 'date' // an ISO date or date-time, shown in the interface language
  | 'label'; // a code shown as the text `${labels}.${value}` (a status)

export interface Column {
  key: string;
  label: string;
  kind: ColumnKind;
  /** The row's title: emphasized, and kept on phones where other columns fold away. */
  primary?: boolean;
  /** Columns that give way first on narrow screens. */
  hideBelow?: 'md' | 'lg';
  /** For kind 'label': the i18n key prefix of the value's text. */
  labels?: string;
}

export interface ConfirmDialog {
  title: string;
  body: string;
  /** A second, warning paragraph ("cannot be undone ..."). */
  warning?: string;
  confirm: string;
  cancel: string;
}

/** Behaviours that are more than a call; the app implements each once (src/components/admin-screen). */
export type EffectName =
  | 'chooseWorkspace' // store the workspace, clear the project, go on per role (spec 000 "Authenticated entry")
  | 'chooseProject' // store the project, open /dashboard
  | 'chooseProjectType' // open the project type chooser
  | 'copyPublicLink'; // copy the row's publicLink, made absolute, to the clipboard

export type ActionRun =
  | { kind: 'call'; call: ApiCall }
  | { kind: 'navigate'; to: Template }
  | { kind: 'effect'; effect: EffectName }
  /** Opens another declared screen in a dialog ("Deleted projects"). */
  | { kind: 'dialog'; screen: string };

export interface Action {
  id: string;
  label: string;
  /** A line under the label where there is room for one (the 'New workspace' card). */
  hint?: string;
  icon?: 'add' | 'edit' | 'delete' | 'restore' | 'open' | 'trash' | 'link' | 'copy' | 'archive';
  tone?: 'primary' | 'danger' | 'neutral';
  /** Who sees the action; absent means everyone who can see the screen. */
  roles?: readonly RoleName[];
  /** A table row's action kept in its 'More actions' menu rather than shown as a button. */
  menu?: boolean;
  confirm?: ConfirmDialog;
  run: ActionRun;
  /** Toast after success; the server's message is used when this is absent and the server gave one. */
  success?: string;
  /** Toast after failure when the server named no error (the spec's "else ..." texts). */
  failure?: string;
  /** Problems shown in a dialog of their own instead of a toast, with the dialog's title. */
  problemDialogs?: Partial<Record<ProblemCode, string>>;
}

export interface SelectOptions {
  call: ApiCall;
  items: string;
  value: string;
  label: string;
  /** Leave out rows whose first role is one of these (spec 000 section 5, project manager). */
  excludeFirstRoles?: readonly RoleName[];
  /** Shown under the field when there is nothing to choose. */
  emptyHint?: string;
}

export interface FormRule {
  /** The end date is on or after the start date. */
  kind: 'dateOrder';
  start: string;
  end: string;
  message: string;
}

export interface FormMode {
  title: string;
  submit: string;
  cancel: string;
  call: ApiCall;
  /** For edit: where the current values come from. */
  load?: ApiCall;
  success?: string;
  failure: string;
  /** A title above the failure text, where the spec gives the pair ('Error' / 'Please try again'). */
  failureTitle?: string;
  problemDialogs?: Partial<Record<ProblemCode, string>>;
  /** Where to go after success, and after how long (spec: 1.5 s after a workspace edit). */
  after: { to: Template | 'back'; delayMs?: number };
}

export interface FormDeclaration {
  /** JSON Schema of the form; titles are i18n keys. */
  schema: JsonSchema;
  /** rjsf UI schema; placeholders and help texts are i18n keys. */
  uiSchema: JsonSchema;
  /** The message for a field's failing keyword (required, minItems, ...): i18n keys. */
  errorMessages: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** Choices of a field that come from the API. */
  options?: Readonly<Record<string, SelectOptions>>;
  rules?: readonly FormRule[];
  create?: FormMode;
  edit?: FormMode;
}

/** A filter of a list (spec 001 "Member management": role, language, gender, location), sent as `param`. */
export interface ListFilter {
  param: string;
  label: string;
  /** Fixed choices: the value sent and the i18n key of its text. */
  choices?: readonly { value: number | string; label: string }[];
  /** Choices from the API. */
  options?: SelectOptions;
  /** For options: the i18n key prefix of the label (`roles.` turns a role name into its text). */
  labels?: string;
}

export interface ScreenDeclaration {
  id: string;
  title: string;
  /** The JSON Schema of one row (schemas/<entity>.ts). */
  entity: JsonSchema;
  layout: 'table' | 'cards';
  source: ListSource;
  columns: readonly Column[];
  /** `param`: the query name the list call takes the search by, where not `search`. */
  search?: { placeholder: string; debounceMs: number; param?: string };
  /** Filters behind 'Show filters', each a select; changing one starts again at page 1. */
  filters?: readonly ListFilter[];
  pagination: {
    pageSize: number;
    /** Whether the user may change the page size, and to what. */
    sizes?: readonly number[];
    /** The page is kept in the address (?page=), so a reload or a shared link keeps it. */
    pageInQuery?: boolean;
    /** The query names the list call takes the page and its size by, where not page and pageSize. */
    params?: { page: string; pageSize: string };
  };
  selection?: { roles: readonly RoleName[]; actions: readonly Action[] };
  rowActions: readonly Action[];
  /** What a click on the row (or card) does. */
  rowClick?: Action;
  toolbar: readonly Action[];
  /** A 'New ...' card at the end of a card layout. */
  createCard?: Action;
  empty: string;
  form?: FormDeclaration;
}

/** A page of tabs, each a screen, chosen by a query parameter (?entityType=2). */
export interface TabbedScreens {
  id: string;
  title: string;
  param: string;
  tabs: readonly { value: number; label: string; screen: ScreenDeclaration }[];
}
