// Bulk upload of members (spec 001 section 5 "Bulk upload"): the two template workbooks, and adding the
// rows the browser read from the user's workbook. The workbook itself is read in the uploader's browser
// (engine/validation/memberRows.ts), so no user-supplied archive is ever inflated on the server; what
// arrives here is JSON, bounded by the route (1,000 rows, 1 MB), and each row passes the same checks as
// one member added by hand.
import { MEMBER_COLUMNS, MEMBER_SHEET, ROLES_SHEET } from '../../engine/validation/memberRows';
import { roleOptionsFor, type AddMemberBody } from '../../schemas/members';
import { Problem } from '../problems';
import { add } from './memberManagement';
import type { AccountDeps } from './accounts';
import type { Tenant } from './recycleBin';

export type TemplateKind = 'users' | 'members';
/** The spec's file names: user members for the admin page, members for the project pages. */
export const TEMPLATE_FILES: Record<TemplateKind, string> = { users: 'Multiple_User_Members.xlsx', members: 'Multiple_Members.xlsx' };

export async function template(t: Tenant, kind: TemplateKind): Promise<{ fileName: string; bytes: Buffer }> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  const members = wb.addWorksheet(MEMBER_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  members.addRow([...MEMBER_COLUMNS]);
  members.getRow(1).font = { bold: true };
  MEMBER_COLUMNS.forEach((_, i) => (members.getColumn(i + 1).width = 24));
  const roles = wb.addWorksheet(ROLES_SHEET);
  roles.addRow(['Role']);
  roles.getRow(1).font = { bold: true };
  // The roles this uploader may give on this page: a row with any other role is dropped.
  for (const r of roleOptionsFor(kind === 'users' ? 'admin' : 'project', t.roles)) roles.addRow([r]);
  roles.getColumn(1).width = 28;
  return { fileName: TEMPLATE_FILES[kind], bytes: Buffer.from(await wb.xlsx.writeBuffer()) };
}

export interface BulkResult {
  added: number;
  failed: { email: string; message: string }[];
}

/** Adds the rows one by one: a row the server refuses (a duplicate e-mail, say) is reported, the others go in. */
export async function addMany(deps: AccountDeps, t: Tenant, rows: readonly AddMemberBody[]): Promise<BulkResult> {
  const result: BulkResult = { added: 0, failed: [] };
  for (const row of rows) {
    try {
      await add(deps, t, row);
      result.added++;
    } catch (err) {
      if (!(err instanceof Problem)) throw err;
      result.failed.push({ email: row.email, message: err.message });
    }
  }
  return result;
}
