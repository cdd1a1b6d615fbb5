-- The catalog's generated images are served as PNG (rasterised from their SVG, which stays
-- available): stored URLs of generated images move from `N.svg?v=` to `N.png?v=`.
UPDATE "categories" SET "image" = replace("image", '.svg?v=', '.png?v=') WHERE "image" LIKE '/api/v1/images/%.svg?v=%';--> statement-breakpoint
UPDATE "brands" SET "image" = replace("image", '.svg?v=', '.png?v=') WHERE "image" LIKE '/api/v1/images/%.svg?v=%';--> statement-breakpoint
UPDATE "flavors" SET "image" = replace("image", '.svg?v=', '.png?v=') WHERE "image" LIKE '/api/v1/images/%.svg?v=%';--> statement-breakpoint
UPDATE "flavors" SET "additional_images" = replace("additional_images"::text, '.svg?v=', '.png?v=')::jsonb WHERE "additional_images"::text LIKE '%/api/v1/images/%.svg?v=%';--> statement-breakpoint
UPDATE "products" SET "images" = replace("images"::text, '.svg?v=', '.png?v=')::jsonb WHERE "images"::text LIKE '%/api/v1/images/%.svg?v=%';
