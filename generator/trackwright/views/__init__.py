"""What a score or a board looks like to people: each game's terminal report, explanation
drawings and plots, in ``views/<game>/`` (games do not reach into each other's views)."""
