// One plan as a card: name (Standard shows as Starter, others as Premium), price per month in USD,
// limits (0 = Unlimited) and the one-month free trial label (spec 000 sections 2 and 9).
import { Badge, Box, Button, Heading, List, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuCheck } from 'react-icons/lu';

export interface Plan {
  id: number;
  name: string;
  description: string;
  monthlyPrice: number;
  annuallyPrice: number;
  workspaceLimit: number;
  membersLimit: number;
  databaseLimit: number;
}

export function planDisplayName(plan: Pick<Plan, 'name'>): 'plans.starter' | 'plans.premium' {
  return plan.name === 'Standard' ? 'plans.starter' : 'plans.premium';
}

export function pricePerMonth(plan: Plan, yearly: boolean): number {
  return yearly ? plan.annuallyPrice : plan.monthlyPrice;
}

export function PlanCard({
  plan,
  yearly,
  selected,
  onSelect,
  actionLabel,
  current,
  disabled,
}: {
  plan: Plan;
  yearly: boolean;
  selected: boolean;
  onSelect?: () => void;
  actionLabel?: string;
  current?: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  // 0 means unlimited for every limit.
  const limit = (n: number, key: 'workspaces' | 'members' | 'storage') =>
    n === 0 ? t(`plans.${key}Unlimited`) : t(`plans.${key}`, { count: n });
  return (
    <Box
      borderWidth="2px"
      borderColor={selected ? 'brand.500' : 'gray.200'}
      bg="white"
      borderRadius="xl"
      p="5"
      data-testid={`plan-${plan.name}`}
      cursor={onSelect && !current && !disabled ? 'pointer' : 'default'}
      onClick={current || disabled ? undefined : onSelect}
    >
      <Stack gap="3">
        <Stack direction="row" justify="space-between" align="center">
          <Heading size="md">{t(planDisplayName(plan))}</Heading>
          <Badge colorPalette="green">{t('plans.freeTrial')}</Badge>
        </Stack>
        <Text fontSize="xs" color="gray.500">
          {plan.name}
        </Text>
        <Text>
          <Text as="span" fontSize="3xl" fontWeight="bold">
            ${pricePerMonth(plan, yearly)}
          </Text>{' '}
          <Text as="span" color="gray.600">
            {t('plans.perMonth')}
          </Text>
        </Text>
        <List.Root gap="1" variant="plain" fontSize="sm">
          {[limit(plan.workspaceLimit, 'workspaces'), limit(plan.membersLimit, 'members'), limit(plan.databaseLimit, 'storage')].map(
            (line, i) => (
              <List.Item key={i} alignItems="center">
                <List.Indicator asChild color="green.500">
                  <LuCheck />
                </List.Indicator>
                {line}
              </List.Item>
            ),
          )}
        </List.Root>
        {current && (
          <Button size="sm" disabled data-testid="current-plan">
            {t('plans.currentPlan')}
          </Button>
        )}
        {onSelect && !current && (
          // The card takes a click anywhere; this button is the way in for keyboards and screen readers,
          // so it carries the chosen state.
          <Button colorPalette="brand" variant={selected ? 'solid' : 'outline'} size="sm" aria-pressed={selected} disabled={disabled}>
            {actionLabel ?? (selected ? t('plans.selected') : t('plans.choose'))}
          </Button>
        )}
      </Stack>
    </Box>
  );
}
