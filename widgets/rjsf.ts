// The survey's widgets inside an @rjsf/core Form (the contract suite renders them so): the fields to give
// the Form beside `TEMPLATES` and `WIDGETS_BY_NAME`. Apart from widgets/index.ts, which the fill route
// imports and which must not bring @rjsf/core along.
export { FIELDS } from './form/rjsf';
