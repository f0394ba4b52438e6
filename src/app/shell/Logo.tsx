import { Flex, Text } from '@chakra-ui/react';
import { Link } from 'react-router';

export const PRODUCT_NAME = 'Field Survey';

export function Logo({ inverted = false, to = '/' }: { inverted?: boolean; to?: string }) {
  return (
    <Link to={to} aria-label={PRODUCT_NAME}>
      <Flex align="center" gap="2">
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <Text fontWeight="bold" fontSize="lg" color={inverted ? 'white' : 'brand.800'} whiteSpace="nowrap">
          {PRODUCT_NAME}
        </Text>
      </Flex>
    </Link>
  );
}
