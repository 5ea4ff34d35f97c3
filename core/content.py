"""What `import_content` imports from BRUCHTAL_CONTENT_DIR, in order."""

# (rulebook file below seeds/, game slug)
RULEBOOKS = [
    ("003_3078cde44e2d18ee.txt", "meccg"),
    ("001_5824cd928827b375.txt", "zwei-tuerme"),
    ("004_dc30759853f929e9.txt", "sauron"),
    ("000_5cdf66b9e2579072.txt", "abenteuer-in-mittelerde"),
    ("002_b59d054195502cb7.txt", "schatten-der-macht"),
]
