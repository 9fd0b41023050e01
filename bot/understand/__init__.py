"""Understanding chat text: normalization, numbers, entities, fields and intent."""
