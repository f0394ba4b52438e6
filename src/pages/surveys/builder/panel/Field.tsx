// The frame of one panel field: its label, the input, and the problem under it (announced as typed).
import { Box, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function PanelField({
  id,
  label,
  problem,
  hint,
  children,
  testId,
}: {
  id: string;
  label: string;
  problem?: string | null;
  hint?: string | null;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Box data-testid={testId}>
      <Text asChild display="block" fontSize="sm" fontWeight="medium" mb="1">
        <label htmlFor={id}>{label}</label>
      </Text>
      {children}
      {hint ? (
        <Text fontSize="xs" color="gray.600" mt="1">
          {hint}
        </Text>
      ) : null}
      <Box aria-live="polite" id={`${id}-problem`}>
        {problem ? (
          <Text fontSize="xs" color="red.600" mt="1" data-testid="field-problem">
            {problem}
          </Text>
        ) : null}
      </Box>
    </Box>
  );
}
