// ALTCHA's per-language translation modules ship without declarations; they only register texts.
declare module 'altcha/i18n/es-es';
declare module 'altcha/i18n/fr-fr';
declare module 'altcha/i18n/zh-cn';
