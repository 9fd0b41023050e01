"""Reply data builders: engine results turned into the plain dicts the templates render (what a
reply shows and in which order), the same for every front end. Nothing here words a sentence.

sizing (the full breakdown behind Details), summary (the short sizing answer), cost, price,
inference."""
