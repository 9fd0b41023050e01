"""Charts beside the text: what a chart shows (`spec`, plain data), how it is drawn (`figures`,
matplotlib, imported only when a chart is drawn) and where (`worker`, a spawned process so a
drawing never holds the core's thread)."""
