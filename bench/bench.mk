# measurements: filled below
