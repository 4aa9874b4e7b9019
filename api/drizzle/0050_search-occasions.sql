CREATE TABLE "search_occasions" (
	"name" text PRIMARY KEY NOT NULL,
	"shelves" text[] NOT NULL,
	"women" text[],
	"men" text[],
	"audience" text,
	"max_price" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
