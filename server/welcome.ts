// What `npm start` prints once it serves: the address, the demo accounts and where mail can be read.
import type { Booted } from './boot';
import type { Config } from './config';
import { deployedSurveyLinks } from './db/queries/surveys';
import { publicLinkOf } from './services/surveys';

export async function printWelcome(booted: Booted, config: Config): Promise<void> {
  const url = config.publicUrl;
  const lines = [
    '',
    `  Field Survey is running at ${url}`,
    `  Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`}`,
    `  Files: ${config.fileStorage.kind === 'disk' ? config.fileStorage.root : `s3://${config.fileStorage.bucket}/${config.fileStorage.prefix}`}`,
  ];
  if (config.devMailbox) lines.push(`  E-mail (codes): ${url}/dev/mailbox`);
  if (config.demoData) {
    const { demoAccounts, DEMO_PASSWORD } = await import('../fixtures/index');
    lines.push('', `  Demo accounts (password ${DEMO_PASSWORD}):`);
    const { demoOrganizations } = await import('../fixtures/index');
    const orgName = (key: string) => demoOrganizations.find((o) => o.key === key)?.name ?? key;
    for (const a of demoAccounts)
      lines.push(`    ${a.email.padEnd(26)} ${a.memberships.map((m) => `${m.role} (${orgName(m.organization)})`).join(', ')}`);
    const links = await publicSurveyLinks(booted);
    if (links.length) {
      lines.push('', '  Demo survey, open to anyone:');
      for (const l of links) lines.push(`    ${url}${l}`);
    }
  }
  console.log(lines.join('\n') + '\n');
}

/** Public links of deployed demo surveys. */
async function publicSurveyLinks(booted: Booted): Promise<string[]> {
  const links = await deployedSurveyLinks(booted.database.db);
  return links.map((l) => publicLinkOf({ id: l.id, publicLinkUuid: l.publicLinkUuid }));
}
