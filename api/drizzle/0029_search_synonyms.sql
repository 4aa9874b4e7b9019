CREATE TABLE "search_synonyms" (
	"key" text PRIMARY KEY NOT NULL,
	"word" text NOT NULL,
	"means" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "search_synonyms" ("key", "word", "means") VALUES
  ('gadi', 'ghadi', 'watch'),
  ('gadiyan', 'ghadiyan', 'watch'),
  ('kitab', 'kitab', 'book'),
  ('kitaben', 'kitaben', 'book'),
  ('pustak', 'pustak', 'book'),
  ('upanyas', 'upanyas', 'fiction'),
  ('kahani', 'kahani', 'fiction'),
  ('kaju', 'kaju', 'cashews'),
  ('badam', 'badam', 'almonds'),
  ('kismis', 'kishmish', 'raisins'),
  ('meva', 'mewa', 'dry fruits'),
  ('namkin', 'namkeen', 'namkeen'),
  ('bujia', 'bhujia', 'bhujia'),
  ('bujiya', 'bhujiya', 'bhujia'),
  ('dal', 'dal', 'dal'),
  ('mung', 'moong', 'moong'),
  ('biskut', 'biskut', 'biscuits'),
  ('biscut', 'biscut', 'biscuits'),
  ('cips', 'chips', 'chips'),
  ('kata mita', 'khatta meetha', 'khatta meetha'),
  ('kudta', 'kurta', 'kurta'),
  ('kudti', 'kurti', 'kurti'),
  ('sadi', 'saree', 'saree'),
  ('lehenga', 'lehenga', 'lehenga'),
  ('lehnga', 'lehnga', 'lehenga'),
  ('lahanga', 'लहंगा', 'lehenga'),
  ('kamij', 'kameez', 'shirt'),
  ('kapde', 'kapde', 'clothing'),
  ('kapda', 'kapda', 'clothing'),
  ('jeans', 'jeans', 'jeans'),
  ('jins', 'जीन्स', 'jeans'),
  ('t sidt', 't shirt', 'tshirt'),
  ('ti sadt', 'टी शर्ट', 'tshirt'),
  ('jacket', 'jacket', 'jacket'),
  ('jeket', 'जैकेट', 'jacket'),
  ('kilona', 'khilona', 'toys'),
  ('kilone', 'khilone', 'toys'),
  ('satdanj', 'shatranj', 'chess'),
  ('ludo', 'ludo', 'ludo'),
  ('tifin', 'tiffin', 'lunch box'),
  ('tifin box', 'tiffin box', 'lunch box'),
  ('daba', 'dabba', 'container'),
  ('botal', 'botal', 'bottle'),
  ('botle', 'bottle', 'bottle'),
  ('kade', 'kadhai', 'kadai'),
  ('kadahi', 'kadahi', 'kadai'),
  ('kadae', 'कढ़ाई', 'kadai'),
  ('tava', 'tawa', 'tawa'),
  ('cuked', 'cooker', 'pressure cooker'),
  ('kukad', 'कुकर', 'pressure cooker'),
  ('badtan', 'bartan', 'cookware'),
  ('tedmos', 'thermos', 'flask'),
  ('sampu', 'shampoo', 'shampoo'),
  ('sempu', 'शैम्पू', 'shampoo'),
  ('senpu', 'शैंपू', 'shampoo'),
  ('tel', 'tel', 'hair oil'),
  ('balon ka tel', 'baalon ka tel', 'hair oil'),
  ('kes tel', 'kesh tel', 'hair oil'),
  ('sabun', 'sabun', 'soap'),
  ('copy', 'copy', 'notebook'),
  ('kaॉpi', 'कॉपी', 'notebook'),
  ('kalam', 'kalam', 'pen'),
  ('pen', 'pen', 'pens'),
  ('pencil', 'pencil', 'pencils'),
  ('pensil', 'पेंसिल', 'pencils'),
  ('eadfone', 'earphone', 'earbuds'),
  ('eadfones', 'earphones', 'earbuds'),
  ('iydfon', 'इयरफोन', 'earbuds'),
  ('headfone', 'headphone', 'headphones'),
  ('ata', 'atta', 'atta'),
  ('caval', 'chawal', 'rice'),
  ('cini', 'chini', 'sugar'),
  ('dud', 'doodh', 'milk'),
  ('ce', 'chai', 'tea'),
  ('capal', 'chappal', 'chappal'),
  ('juta', 'joota', 'shoes');
--> statement-breakpoint
-- The typo rule's edit count (api/src/search/index/typo-rule.ts acceptsCorrection), for search's PostgreSQL path.
CREATE FUNCTION "haat_accepts_correction"(typed text, stem text, lexeme text) RETURNS boolean LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  form text := regexp_replace(lexeme, '[^[:alnum:]]', '', 'g');
  max_edits int := CASE WHEN length(typed) < 5 THEN 0 WHEN length(typed) < 9 THEN 1 ELSE 2 END;
  word text;
  a text[]; b text[]; prev int[]; cur int[]; before int[]; i int; j int; d int; least_d int;
BEGIN
  IF max_edits = 0 THEN RETURN false; END IF;
  FOREACH word IN ARRAY ARRAY[typed, regexp_replace(coalesce(stem, typed), '[^[:alnum:]]', '', 'g')] LOOP
    CONTINUE WHEN position(word in form) > 1;
    CONTINUE WHEN abs(length(word) - length(form)) > max_edits;
    a := regexp_split_to_array(word, ''); b := regexp_split_to_array(form, '');
    prev := array(SELECT generate_series(0, length(form)));
    before := prev;
    least_d := NULL;
    FOR i IN 1..length(word) LOOP
      cur := ARRAY[i]; least_d := i;
      FOR j IN 1..length(form) LOOP
        d := least(prev[j + 1] + 1, cur[j] + 1, prev[j] + CASE WHEN a[i] = b[j] THEN 0 ELSE 1 END);
        IF i > 1 AND j > 1 AND a[i] = b[j - 1] AND a[i - 1] = b[j] THEN d := least(d, before[j - 1] + 1); END IF;
        cur := cur || d; least_d := least(least_d, d);
      END LOOP;
      EXIT WHEN least_d > max_edits;
      before := prev; prev := cur;
    END LOOP;
    IF least_d <= max_edits AND prev[length(form) + 1] <= max_edits THEN RETURN true; END IF;
  END LOOP;
  RETURN false;
END $$;
