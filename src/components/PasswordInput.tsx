import { IconButton, Input, InputGroup, type InputProps } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuEye, LuEyeOff } from 'react-icons/lu';

export function PasswordInput(props: InputProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <InputGroup
      endElement={
        <IconButton
          variant="ghost"
          size="xs"
          aria-label={shown ? t('auth.fields.hidePassword') : t('auth.fields.showPassword')}
          onClick={() => setShown((s) => !s)}
          me="-2"
        >
          {shown ? <LuEyeOff /> : <LuEye />}
        </IconButton>
      }
    >
      <Input {...props} type={shown ? 'text' : 'password'} />
    </InputGroup>
  );
}
