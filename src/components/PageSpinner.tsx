// What a page shows while its code or data is on the way.
import { Center } from '@chakra-ui/react/center';
import { Spinner } from '@chakra-ui/react/spinner';

export function PageSpinner() {
  return (
    <Center minH="50vh" aria-busy="true">
      <Spinner size="lg" color="brand.500" />
    </Center>
  );
}
