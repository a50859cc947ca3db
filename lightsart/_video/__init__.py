"""Films: a video clip played on a Lights Out board."""
