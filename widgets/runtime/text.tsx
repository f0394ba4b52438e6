// The widgets' texts. The form asks i18next once (SurveyForm) and hands the translate function down:
// react-i18next's useTranslation in each of 2,000 questions cost a tenth of a second at first render.
// A widget rendered outside a form uses the app's i18next instance as it is.
import i18next, { type TFunction } from 'i18next';
import { createContext, useContext } from 'react';

export const TextContext = createContext<TFunction>(i18next.t.bind(i18next) as TFunction);

export const useText = (): TFunction => useContext(TextContext);
