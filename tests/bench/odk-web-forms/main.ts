// ODK Web Forms 0.22 (@getodk/web-forms, Apache-2.0) rendering the XForm served beside this page, as a host
// application mounts it (its README): the plugin, then the component with the form's XML. No attachments
// (the benchmark's forms have none); nothing is submitted.
import { createApp, h } from 'vue';
import { OdkWebForm, webFormsPlugin } from '@getodk/web-forms';

const formXml = await (await fetch('./form.xml')).text();
createApp({
  render: () =>
    h(OdkWebForm, {
      formXml,
      fetchFormAttachment: () => Promise.resolve(new Response(null, { status: 404 })),
      missingResourceBehavior: 'BLANK',
      onSubmit: () => undefined,
    }),
})
  .use(webFormsPlugin)
  .mount('#app');
