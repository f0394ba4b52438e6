// The widgets' texts. The form asks for the translate function once (SurveyForm) and hands it down:
// react-i18next's useTranslation in each of 2,000 questions cost a tenth of a second at first render.
// A widget rendered outside a form translates in the page's current language as it is.
import { texts, type TFunction } from './texts';
import { createContext, useContext } from 'react';

export const TextContext = createContext<TFunction>(texts.t);

export const useText = (): TFunction => useContext(TextContext);
