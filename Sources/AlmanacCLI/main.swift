import Almanac
print("almanac")
