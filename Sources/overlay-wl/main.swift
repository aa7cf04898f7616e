print("overlay-wl")
