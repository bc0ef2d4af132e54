import { domainTopics } from '@app/contracts';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineAllJobs } from '../jobs.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { domainEventPayloads, type DomainTopic } from './domain-events.ts';
import { createJobRunner } from './jobs.ts';

/**
 * docs/architecture.md's table of domain events (topic, publishers, subscribers) is the code's: the
 * publishers are the modules whose sources record the topic, the subscribers those registered by
 * defineAllJobs. A new publisher or subscriber that the table does not show fails here, with the table to
 * paste.
 */
const src = join(import.meta.dirname, '..');
const docPath = join(src, '..', '..', '..', 'docs', 'architecture.md');
const START = '<!-- domain-events:start -->';
const END = '<!-- domain-events:end -->';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The topics each module records: the literals of `topic:` in each recordDomainEvent call. */
function publishers(): Map<DomainTopic, Set<string>> {
  const found = new Map<DomainTopic, Set<string>>();
  for (const file of sourceFiles(join(src, 'modules'))) {
    const module = relative(join(src, 'modules'), file).split(sep)[0]!;
    const text = readFileSync(file, 'utf8');
    for (const call of text.matchAll(/recordDomainEvent\(\w+, \{\s*topic: ([^\n]+)/g)) {
      for (const [, topic] of call[1]!.matchAll(/'([A-Z_]+)'/g)) {
        expect(domainTopics).toContain(topic);
        const set = found.get(topic as DomainTopic) ?? new Set<string>();
        found.set(topic as DomainTopic, set.add(module));
      }
    }
  }
  return found;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('domain events', () => {
  it('every topic has its payload type, a publisher and the table in docs/architecture.md', () => {
    expect(Object.keys(domainEventPayloads).sort()).toEqual([...domainTopics].sort());
    const events = defineAllJobs(createJobRunner({ db: t.db, log: t.app.log, clock: t.clock }), {
      config: t.config,
    });
    const published = publishers();
    const rows = [...domainTopics].map((topic) => {
      const by = [...(published.get(topic) ?? [])].sort();
      expect(by, `no module records ${topic}`).not.toHaveLength(0);
      const subscribers = events
        .subscriptions()
        .filter((s) => s.topics.includes(topic))
        .map((s) => s.subscriber)
        .sort();
      return `| \`${topic}\` | ${by.join(', ')} | ${subscribers.join(', ') || '(none)'} |`;
    });
    const table = ['| topic | recorded by | subscribed by |', '| --- | --- | --- |', ...rows].join('\n');
    const doc = readFileSync(docPath, 'utf8');
    // Prettier pads the table's cells: compare cell by cell.
    const cells = (markdown: string) =>
      markdown
        .trim()
        .split('\n')
        .map((line) => line.split('|').map((cell) => cell.trim().replace(/^-+$/, '---')));
    const shown = doc.slice(doc.indexOf(START) + START.length, doc.indexOf(END));
    expect(cells(shown), `docs/architecture.md between ${START} and ${END} should read:\n${table}\n`).toEqual(
      cells(table),
    );
  });
});
