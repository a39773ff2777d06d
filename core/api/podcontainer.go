package api

// ContainerNamed is the pod's app or init container of that name.
func (s *PodSpec) ContainerNamed(name string) (Container, bool) {
	for _, cs := range [][]Container{s.Containers, s.InitContainers} {
		for _, c := range cs {
			if c.Name == name {
				return c, true
			}
		}
	}
	return Container{}, false
}

// HasContainer reports an app or init container of that name.
func (s *PodSpec) HasContainer(name string) bool {
	_, ok := s.ContainerNamed(name)
	return ok
}
