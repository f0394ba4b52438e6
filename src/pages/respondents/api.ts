// The respondent calls of the pages (schemas/beneficiaries.ts).
import { BENEFICIARIES_API as B, type BeneficiariesQuery, type BeneficiaryInput, type ImportMapping } from '../../../schemas/beneficiaries';
import { RECYCLE_BIN_API } from '../../../schemas/recycleBin';
import { entityTypes } from '../../../schemas/entityTypes';
import { call } from '../../api/call';

const IMPORT_TIMEOUT_MS = 300_000;

function importForm(projectId: string, file: File, mapping?: ImportMapping, tableId?: string): FormData {
  const form = new FormData();
  form.append('ProjectId', projectId);
  if (mapping) form.append('Mapping', JSON.stringify(mapping));
  if (tableId) form.append('TableId', tableId);
  form.append('File', file);
  return form;
}

export const respondentsApi = {
  tables: (projectId: string) => call(B.getTables, { query: { ProjectId: projectId, PageSize: 100 } }),
  page: (query: BeneficiariesQuery) => call(B.getBeneficiaries, { query }),
  filterOptions: (tableId: string) => call(B.getFilterOptions, { query: { TableId: tableId } }),
  byId: (id: string) => call(B.getById, { params: { id } }),
  preview: (projectId: string, file: File) =>
    call(B.previewImport, {}, { form: importForm(projectId, file), timeoutMs: IMPORT_TIMEOUT_MS }),
  importTable: (projectId: string, file: File, mapping: ImportMapping, tableId?: string) =>
    call(B.importTable, {}, { form: importForm(projectId, file, mapping, tableId), timeoutMs: IMPORT_TIMEOUT_MS }),
  add: (tableId: string, fields: BeneficiaryInput) => call(B.add, { body: { tableId, fields } }),
  edit: (id: string, fields: BeneficiaryInput) => call(B.edit, { body: { id, fields } }),
  remove: (ids: string[]) =>
    call(RECYCLE_BIN_API.bulkToggleDeleteOrRestore, { query: { entityType: entityTypes.Beneficiary, isDeleted: true }, body: ids }),
  removeTable: (id: string) =>
    call(RECYCLE_BIN_API.toggleDeleteOrRestore, {
      params: { id },
      query: { entityType: entityTypes.ImportedBeneficiaryTable, isDeleted: true },
    }),
};
