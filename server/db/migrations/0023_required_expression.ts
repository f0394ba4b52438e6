// XLSForm's required column holds an expression as often as yes/no (`${health} = 'dead'`): the question
// is required only while it holds. Null keeps is_required the whole rule, as every survey saved so far.
export const requiredExpression = /* sql */ `
    alter table survey_items add column required_expression text;
`;
