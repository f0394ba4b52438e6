// A field for choosing several files, in the app's style instead of the browser's own input: a drop area
// with a 'choose' button (reached and pressed by keyboard; the real input stays hidden), the limits under
// it, and the chosen files listed, each with a remove button. The caller holds the list and decides what
// is taken (types, sizes, how many), so the same rules can be said in its own words.
import { Box, Button, CloseButton, Field, HStack, List, Stack, Text } from '@chakra-ui/react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { LuUpload } from 'react-icons/lu';

export interface FilePickerProps {
  label: string;
  chooseText: string;
  /** The limits, said under the button. */
  hint: string;
  files: readonly File[];
  onAdd: (files: File[]) => void;
  onRemove: (index: number) => void;
  /** The picker's filter (".png,.pdf"); it only guides, the caller checks. */
  accept: string;
  /** No more can be added (the most files are chosen). */
  full: boolean;
  removeLabel: (name: string) => string;
  error?: string;
  /** The hidden input's; the list of chosen files takes `listTestId`. */
  testId: string;
  listTestId: string;
}

export function FilePicker(p: FilePickerProps) {
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (!p.full) p.onAdd(Array.from(e.dataTransfer.files));
  };
  return (
    <Field.Root invalid={!!p.error}>
      <Field.Label htmlFor={inputId}>{p.label}</Field.Label>
      <Stack
        w="full"
        align="center"
        gap="2"
        p="4"
        borderWidth="2px"
        borderStyle="dashed"
        borderRadius="md"
        borderColor={p.error ? 'border.error' : over ? 'brand.500' : 'border.emphasized'}
        bg={over ? 'brand.50' : 'bg.subtle'}
        textAlign="center"
        onDragOver={(e) => {
          e.preventDefault();
          setOver(!p.full);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        data-testid={`${p.testId}-drop`}
      >
        {/* Hidden from sight and from the tab order: the button below opens it, and its label names it. */}
        <input
          ref={input}
          id={inputId}
          type="file"
          multiple
          accept={p.accept}
          tabIndex={-1}
          disabled={p.full}
          aria-describedby={hintId}
          style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden', pointerEvents: 'none' }}
          onChange={(e) => {
            p.onAdd(Array.from(e.target.files ?? []));
            e.target.value = '';
          }}
          data-testid={p.testId}
        />
        <Button
          variant="outline"
          size="sm"
          disabled={p.full}
          aria-describedby={hintId}
          onClick={() => input.current?.click()}
          data-testid={`${p.testId}-choose`}
        >
          <LuUpload aria-hidden="true" /> {p.chooseText}
        </Button>
        <Text id={hintId} fontSize="sm" color="fg.muted">
          {p.hint}
        </Text>
      </Stack>
      {p.error && (
        <Field.ErrorText role="alert" overflowWrap="anywhere">
          {p.error}
        </Field.ErrorText>
      )}
      {p.files.length > 0 && (
        <List.Root variant="plain" gap="1" mt="2" w="full" data-testid={p.listTestId}>
          {p.files.map((f, i) => (
            <List.Item key={`${f.name}-${i}`}>
              <HStack justify="space-between" w="full" borderWidth="1px" borderRadius="md" px="2" py="1" minW="0">
                <Box minW="0">
                  <Text fontSize="sm" truncate>
                    <bdi>{f.name}</bdi>
                  </Text>
                </Box>
                <CloseButton size="xs" aria-label={p.removeLabel(f.name)} onClick={() => p.onRemove(i)} />
              </HStack>
            </List.Item>
          ))}
        </List.Root>
      )}
    </Field.Root>
  );
}
