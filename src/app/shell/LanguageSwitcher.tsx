import { Button, Menu, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuLanguages } from 'react-icons/lu';
import { interfaceLanguages, setLanguage } from '../../i18n';
import { dismissToasts } from '../toaster';

export function LanguageSwitcher({ variant = 'ghost' }: { variant?: 'ghost' | 'outline' }) {
  const { t, i18n } = useTranslation();
  const current = interfaceLanguages.find((l) => l.code === i18n.language) ?? interfaceLanguages[0];
  return (
    <Menu.Root
      onSelect={(d) => {
        dismissToasts();
        void setLanguage(d.value as (typeof interfaceLanguages)[number]['code']);
      }}
    >
      <Menu.Trigger asChild>
        {/* The name read out starts with the visible text (WCAG 2.5.3), then says what the menu is for. */}
        <Button variant={variant} size="sm" aria-label={`${current.name} - ${t('shell.language')}`} data-testid="language-switcher">
          <LuLanguages /> {current.name}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {interfaceLanguages.map((l) => (
              <Menu.Item key={l.code} value={l.code} fontWeight={l.code === current.code ? 'bold' : 'normal'} lang={l.code}>
                {l.name}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
