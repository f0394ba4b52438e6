// What every address but a survey's renders (./start.tsx): the app, in the app's Chakra provider.
export { App } from './App';
export { Providers as Frame } from './providers';
export { startI18next as ready } from '../i18n/i18next';
