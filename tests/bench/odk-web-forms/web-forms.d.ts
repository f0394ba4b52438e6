// @getodk/web-forms 0.22 names ./dist/index.d.ts in its exports but does not ship it.
declare module '@getodk/web-forms' {
  import type { Component, Plugin } from 'vue';
  export const OdkWebForm: Component;
  export const webFormsPlugin: Plugin;
}
