DROP INDEX "search_words_trgm_idx";--> statement-breakpoint
CREATE INDEX "search_words_typo_trgm_idx" ON "search_words" USING gin ((regexp_replace("word", '[^[:alnum:]]', '', 'g')) gin_trgm_ops);