-- A business buyer's GSTIN on its delivery address: its invoices carry it and go to GSTR-1's B2B table (docs/product.md#gst-return).
ALTER TABLE "addresses" ADD COLUMN "gstin" text;
