// What every address but a survey's renders (./start.tsx): the app, with the app's Chakra system.
export { App } from './App';
export { system } from './theme';
export { startI18next as ready } from '../i18n/i18next';
