// i18next for the signed-in app's screens (react-i18next's useTranslation, <Trans>), following the texts
// and the language of ./texts.ts, which the fill route's code reads without i18next (respondents download it on slow links). Started
// by the app's root (src/app/appRoot.ts), once initI18n has loaded the texts: a survey's address never
// loads it.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { mirrorLanguage } from './index';
import { texts, type Texts } from '../../widgets/runtime/texts';

export async function startI18next(): Promise<void> {
  const resources: Record<string, { translation: Texts }> = {};
  for (const lng of new Set(['en', texts.language])) resources[lng] = { translation: texts.bundle(lng) ?? {} };
  await i18next.use(initReactI18next).init({
    resources,
    lng: texts.language,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  mirrorLanguage((lng) => {
    const bundle = texts.bundle(lng);
    if (bundle && !i18next.hasResourceBundle(lng, 'translation')) i18next.addResourceBundle(lng, 'translation', bundle, true, true);
    return i18next.changeLanguage(lng);
  });
}
