"""Engines that fit a picture and connect two fits: exact algebra and Bosch's integer programs."""
