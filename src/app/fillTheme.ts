// The Chakra system of a survey's address (issue 22): our look (./themeBase.ts) with the recipes of the
// components the fill route draws only - the fill page, its banner and dialogs, the offline notices and
// the toasts. The app's system (./theme.ts) carries some forty more for the admin screens.
// tests/unit/theme.test.ts fails when a component the fill route's code imports lacks its recipe here.
import {
  alertSlotRecipe,
  badgeRecipe,
  buttonRecipe,
  dialogSlotRecipe,
  fieldSlotRecipe,
  headingRecipe,
  inputRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  spinnerRecipe,
  textareaRecipe,
} from '@chakra-ui/react/theme';
import { productSystem, toastRecipe } from './themeBase';

export const fillSystem = productSystem(
  { badge: badgeRecipe, button: buttonRecipe, heading: headingRecipe, input: inputRecipe, spinner: spinnerRecipe, textarea: textareaRecipe },
  { alert: alertSlotRecipe, dialog: dialogSlotRecipe, field: fieldSlotRecipe, nativeSelect: nativeSelectSlotRecipe, progress: progressSlotRecipe, toast: toastRecipe },
);
