import { PutSynonymBody, SYNONYM_RULES, type Synonym } from '@haat/shared/search/synonym.schema';

export type SynonymField = 'word' | 'means';

/** What is wrong with a field, as the screen words it (synonyms.json `problem.*`). */
export type SynonymProblem = 'required' | 'tooShort' | 'tooLong' | 'word' | 'meansWords' | 'taken';

const BY_MESSAGE: Record<string, SynonymProblem> = {
  [SYNONYM_RULES.required]: 'required',
  [SYNONYM_RULES.tooShort]: 'tooShort',
  [SYNONYM_RULES.word]: 'word',
  [SYNONYM_RULES.meansWords]: 'meansWords',
};

/** The body to send, checked with the API's own schema, or each field's first problem; a new word already listed is taken. */
export function synonymRequest(
  fields: Synonym,
  { adding, listed }: { adding: boolean; listed: Synonym[] },
): { ok: true; body: PutSynonymBody } | { ok: false; problems: Partial<Record<SynonymField, SynonymProblem>> } {
  const parsed = PutSynonymBody.safeParse(fields);
  const problems: Partial<Record<SynonymField, SynonymProblem>> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as SynonymField;
      problems[field] ??= BY_MESSAGE[issue.message] ?? 'tooLong';
    }
    return { ok: false, problems };
  }
  const same = (a: string) => a.trim().toLocaleLowerCase() === parsed.data.word.toLocaleLowerCase();
  if (adding && listed.some((s) => same(s.word))) return { ok: false, problems: { word: 'taken' } };
  return { ok: true, body: parsed.data };
}
