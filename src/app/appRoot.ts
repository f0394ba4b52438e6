// What every address but a survey's renders (./start.tsx): the app, with the app's Chakra system.
export { App } from './App';
export { system } from './theme';
