-- The notice queue churns: each notice is inserted, claimed and marked done within seconds, and the done ones are kept
-- for 30 days. PostgreSQL's default (vacuum once a fifth of the table has changed) lets the queue's partial indexes
-- fill with the entries of sent notices that every claim then steps over; vacuumed after every thousand changed rows
-- instead, a claim reads only what is due (docs/decisions/0040-push-notices.md).
ALTER TABLE "notice_jobs" SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000, autovacuum_vacuum_insert_scale_factor = 0, autovacuum_vacuum_insert_threshold = 1000, autovacuum_analyze_scale_factor = 0, autovacuum_analyze_threshold = 1000);
