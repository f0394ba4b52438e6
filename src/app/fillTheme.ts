// The Chakra system of a survey's address: our look (./themeBase.ts) with the recipes of the components
// its dialogs draw (the page itself draws without Chakra: ../components/plain/README.md; the dialogs bring
// this system when they first open, ../components/dialogChakra.tsx). The app's system (./theme.ts) carries
// some forty more for the admin screens. tests/unit/theme.test.ts fails when a component the fill route's
// code imports lacks its recipe here.
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
 * The fill route's system, built when first asked for: built at the module's top level, the system (its
 * token dictionary and the CSS of every token, ~70 ms of the Survey Data table's start at load 13) was
 * made on every admin screen that shared this module's file.
 */
export function fillSystem(): SystemContext {
  return (system ??= productSystem(
    {
      badge: badgeRecipe,
      button: buttonRecipe,
      heading: headingRecipe,
      input: inputRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    {
      alert: alertSlotRecipe,
      dialog: dialogSlotRecipe,
      field: fieldSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      progress: progressSlotRecipe,
      toast: toastRecipe,
    },
  ));
}
