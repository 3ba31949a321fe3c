import type { TopicIdea } from '../../src/lib/supabase/database-types.ts';

let sequence = 0;

/**
 * A topic_ideas row as the store holds it, in memory (for pure logic and hooks; page tests insert
 * real rows with factories.ts): ids and topics count up, everything else as a new idea has it.
 */
export function ideaRow(overrides: Partial<TopicIdea> = {}): TopicIdea {
  sequence += 1;
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    user_id: 'user-1',
    topic: `Topic ${sequence}`,
    used_count: 0,
    created_at: '2026-03-01T12:00:00+00:00',
    ...overrides,
  };
}
