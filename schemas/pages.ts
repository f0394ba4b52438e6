// Addresses of the product's pages that the server writes too (links in e-mails), declared once for
// the route table and the server. A file of its own: the entry reads it, and must not carry a schema table.

/** The Survey Data page. */
export const SURVEY_DATA_PAGE = '/survey/survey-data';
