"""Writing files: styles and rendering, the GIF/MP4/PNG writers, atomic and all-or-none outputs."""
