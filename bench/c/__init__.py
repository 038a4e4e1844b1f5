"""Plain C references of the fast engines' random playouts (bench only): see ``bench/c/driver.py``."""
