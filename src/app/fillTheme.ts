// The Chakra system of a survey's address (issue 22): our look (./themeBase.ts) with the recipes of the
// components the fill route draws only - the fill page, its banner and dialogs, the offline notices and
// the toasts. The app's system (./theme.ts) carries some forty more for the admin screens.
// tests/unit/theme.test.ts fails when a component the fill route's code imports lacks its recipe here.
import type { SystemContext } from '@chakra-ui/react';
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

let system: SystemContext | undefined;

/**
 * The fill route's system, built when first asked for. This module shares its file with the fill route's
 * code, which every admin screen loads too (the Chakra components both use): built at the module's top
 * level, the system (its token dictionary and the CSS of every token, ~70 ms of the Survey Data table's
 * start at load 13) was made on every admin screen, which draws with the app's system (issue 16).
 */
export function fillSystem(): SystemContext {
  return (system ??= productSystem(
    { badge: badgeRecipe, button: buttonRecipe, heading: headingRecipe, input: inputRecipe, spinner: spinnerRecipe, textarea: textareaRecipe },
    { alert: alertSlotRecipe, dialog: dialogSlotRecipe, field: fieldSlotRecipe, nativeSelect: nativeSelectSlotRecipe, progress: progressSlotRecipe, toast: toastRecipe },
  ));
}
