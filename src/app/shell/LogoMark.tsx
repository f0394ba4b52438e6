// The product's mark and name. Router-free: MessagePage shows it on pages that run without the router.
import { Flex, Text } from '@chakra-ui/react';

export const PRODUCT_NAME = 'Field Survey';

/** The product's mark and name, without a link. */
export function LogoMark({ inverted = false }: { inverted?: boolean }) {
  return (
    <Flex align="center" gap="2">
      <img src="/favicon.svg" alt="" width={28} height={28} />
      <Text fontWeight="bold" fontSize="lg" color={inverted ? 'white' : 'brand.800'} whiteSpace="nowrap">
        {PRODUCT_NAME}
      </Text>
    </Flex>
  );
}
